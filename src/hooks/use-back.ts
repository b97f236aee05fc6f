/** A page's Back: to the page before when there is one (a list, scrolled where it was), else to `fallback`. */
import { useRouter } from '@tanstack/react-router';

export function useBack(fallback: string) {
  const router = useRouter();
  return () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ href: fallback, replace: true });
  };
}
