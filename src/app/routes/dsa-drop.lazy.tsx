/**
 * /dsaDrop/$token: the outside party's page of a data-sharing area's upload-only link, no shell
 * and no login. Its page is the module's part `DsaDropPage` (lib/module-parts.ts), in the
 * module's own chunk.
 */
import { createLazyRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { modulePart } from '../../lib/module-parts';

export const Route = createLazyRoute('/dsaDrop/$token')({ component: DropRoute });

const DsaDropPage = lazyPart(modulePart('DsaDropPage'));

function DropRoute() {
  const { token } = Route.useParams();
  return (
    <Suspense fallback={null}>
      <DsaDropPage token={token} />
    </Suspense>
  );
}
