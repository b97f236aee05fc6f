import { createLazyRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/components/LoginPage';

export const Route = createLazyRoute('/login')({ component: LoginPage });
