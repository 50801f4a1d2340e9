import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app';

const root = document.getElementById('admin');
if (!root) throw new Error('#admin is missing from admin/index.html');
createRoot(root).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
