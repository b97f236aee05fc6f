/** Around every Files screen: the writes' senders (also registered at start). */
import { Outlet } from '@tanstack/react-router';
import { registerFilesSenders } from '../api';
import './files.css';

registerFilesSenders();

export function FilesLayout() {
  return <Outlet />;
}
