import { PolicyView } from './components/policy-view';
import { privacyPolicy } from './policy-content';

export default function PrivacyPolicyPage() {
  return <PolicyView policy={privacyPolicy} related={{ to: '/terms-and-conditions', label: 'Terms and Conditions (SMS terms)' }} />;
}
