import { PolicyView } from './components/policy-view';
import { smsTerms } from './policy-content';

export default function TermsPage() {
  return <PolicyView policy={smsTerms} related={{ to: '/privacy-policy', label: 'Privacy Policy' }} />;
}
