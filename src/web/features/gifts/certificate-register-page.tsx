import { CertificateWelcomePage } from './certificate-welcome-page';

/** gift/register: a guest given a subscription registers, then activates it. */
export default function CertificateRegisterPage() {
  return <CertificateWelcomePage entry="register" />;
}
