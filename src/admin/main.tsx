import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app';
import { InvitationPage } from './invitation-page';

const root = document.getElementById('admin');
if (!root) throw new Error('#admin is missing from admin/index.html');
// An invitation's page stands outside react-admin: it needs no sign-in, and must not be sent to one.
const invitation = window.location.pathname.replace(/\/+$/, '') === '/admin/invitation';
createRoot(root).render(<StrictMode>{invitation ? <InvitationPage /> : <AdminApp />}</StrictMode>);
