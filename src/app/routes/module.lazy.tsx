/** Every module prefix of features/modules/modules.ts renders this one landing page. */
import { useRouterState } from '@tanstack/react-router';
import { ModuleLandingPage } from '../../features/modules/components/ModuleLandingPage';
import { findModule } from '../../features/modules/modules';
import { useEnvelope } from '../../lib/envelope-store';

export function ModuleRoute() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const rights = useEnvelope((state) => state.rights);
  const found = findModule(pathname);
  // The route's guard has already sent unknown addresses away.
  if (found === null) return null;
  return <ModuleLandingPage module={found.module} view={found.view} rights={rights} />;
}
