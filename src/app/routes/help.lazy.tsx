import { createLazyRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/help/components/HelpPage';
import { useConfig } from '../../features/shell/api/get-config';

function HelpRoute() {
  const config = useConfig();
  return <HelpPage config={config.data} configFailed={config.isError} />;
}

export const Route = createLazyRoute('/_authenticated/help')({ component: HelpRoute });
