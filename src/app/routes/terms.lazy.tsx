/**
 * /terms: the terms of use and the privacy notice before signing in, no shell and no login. Its
 * page is the tc module's part `PublicTerms` (lib/module-parts.ts), in the module's own chunk.
 */
import { createLazyRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { modulePart } from '../../lib/module-parts';

export const Route = createLazyRoute('/terms')({ component: TermsRoute });

const PublicTerms = lazyPart(modulePart('PublicTerms'));

function TermsRoute() {
  return (
    <Suspense fallback={null}>
      <PublicTerms />
    </Suspense>
  );
}
