import { createLazyRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/components/LoginPage';

/** The external users' entry (spec section 2): the same login form, without the shell. */
export const Route = createLazyRoute('/external-login')({ component: LoginPage });
