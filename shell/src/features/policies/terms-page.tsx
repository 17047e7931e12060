import { EnrollmentAgreement } from './components/enrollment-agreement';
import { PolicyView } from './components/policy-view';
import { smsTerms } from './policy-content';

/** The SMS terms (spec) and, beside them, the current enrollment agreement students accept before paying (issue 29). */
export default function TermsPage() {
  return (
    <PolicyView policy={smsTerms} related={{ to: '/privacy-policy', label: 'Privacy Policy' }}>
      <EnrollmentAgreement />
    </PolicyView>
  );
}
