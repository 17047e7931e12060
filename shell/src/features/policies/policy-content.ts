/**
 * The privacy policy and the SMS terms as plain data, with no React and no config import, so the same
 * source renders the in-app pages and generates the static /privacy-policy.html and
 * /terms-and-conditions.html. Text may hold the placeholders {institute}, {email}, {phone}, {address}.
 */
export interface PolicySection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** Render the institute's address, email and phone (as links) after the paragraphs. */
  contact?: boolean;
}

export interface PolicyDocument {
  title: string;
  /** ISO date; shown as dd.mm.yyyy. */
  updated: string;
  intro: string[];
  sections: PolicySection[];
}

export interface PolicyValues {
  institute: string;
  email: string;
  phone: string;
  address: string;
}

export function fillPlaceholders(text: string, values: PolicyValues): string {
  return text.replace(/\{(institute|email|phone|address)\}/g, (_match, key: keyof PolicyValues) => values[key]);
}

const SMS_FACTS = [
  'Message frequency: about 5-10 messages per week.',
  'Message and data rates may apply.',
  'To stop receiving messages, reply STOP at any time. You will receive one final message confirming that you have been unsubscribed.',
  'For help, reply HELP, email us at {email} or call {phone}.',
];

export const privacyPolicy: PolicyDocument = {
  title: 'Privacy Policy',
  updated: '2026-11-01',
  intro: [
    '{institute} ("we", "us") respects your privacy. This policy explains what information we collect when you use our website, enroll in a course or receive text messages from us, how we use it, and the choices you have.',
  ],
  sections: [
    {
      heading: 'Information we collect',
      items: [
        'Account details you give us: your email address, username and password (stored only in hashed form).',
        'Contact details you send through our forms: your name, email address, phone number and message.',
        'Enrollment and payment records: the program, the amount paid and the payment status. Card and bank details are handled by our payment provider and never reach our servers.',
        'Basic technical data, such as your browser type and the pages you visit, used to keep the site secure and working.',
      ],
    },
    {
      heading: 'How we use your information',
      items: [
        'To create and manage your account and your enrollments.',
        'To process payments and send receipts and course updates.',
        'To answer your questions and appointment requests.',
        'To send text messages you have agreed to receive, such as class reminders and schedule changes.',
        'To improve our courses and our website, and to meet legal obligations.',
      ],
    },
    {
      heading: 'Text messages (SMS)',
      paragraphs: [
        'If you give us your mobile number and agree to receive texts, we send messages about your classes, appointments and enrollment.',
        ...SMS_FACTS,
        'Mobile numbers and text-message consent are never sold or shared with third parties for their marketing purposes.',
      ],
    },
    {
      heading: 'How we share information',
      paragraphs: [
        'We do not sell your personal information. We share it only with service providers who help us run the institute (payment processing, email delivery, image hosting and SMS delivery), under agreements that limit their use of it to that service, or when the law requires it.',
      ],
    },
    {
      heading: 'Cookies and browser storage',
      paragraphs: [
        'When you sign in, your browser keeps a sign-in token and your user id so you stay signed in. They are removed when you log out. We do not use advertising cookies.',
      ],
    },
    {
      heading: 'How we protect and keep your information',
      paragraphs: [
        'We use encrypted connections, hashed passwords and access controls to protect your information. We keep it only as long as needed for the purposes above or as the law requires, and then delete it.',
      ],
    },
    {
      heading: 'Your choices',
      items: [
        'You can ask to see, correct or delete the personal information we hold about you.',
        'You can opt out of text messages at any time by replying STOP.',
        'You can unsubscribe from marketing emails with the link in each email.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: ['Our programs are intended for adults. We do not knowingly collect information from children under 13.'],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: ['We may update this policy. The date at the top shows the latest version; important changes will be announced on this website.'],
    },
    {
      heading: 'Contact us',
      paragraphs: ['Questions about this policy or your information? Contact {institute}:'],
      contact: true,
    },
  ],
};

export const smsTerms: PolicyDocument = {
  title: 'Terms and Conditions',
  updated: '2026-11-01',
  intro: [
    'These terms apply to the text-message (SMS) program of {institute}. By giving us your mobile number and agreeing to receive texts, you accept them.',
  ],
  sections: [
    {
      heading: 'Program description',
      paragraphs: [
        'We send text messages about your classes, appointments, enrollment and payments, and occasional news about new courses. Consent to receive texts is not a condition of enrolling.',
      ],
    },
    { heading: 'Message frequency and cost', items: SMS_FACTS.slice(0, 2) },
    { heading: 'How to opt out', paragraphs: [SMS_FACTS[2] as string, 'You can opt in again at any time by contacting us.'] },
    { heading: 'How to get help', paragraphs: [SMS_FACTS[3] as string] },
    {
      heading: 'Carriers',
      paragraphs: ['Mobile carriers are not liable for delayed or undelivered messages. Delivery depends on your carrier and coverage.'],
    },
    {
      heading: 'Privacy',
      paragraphs: [
        'We handle your number as described in our Privacy Policy. Mobile numbers and text-message consent are never sold or shared with third parties for their marketing purposes.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: ['We may update these terms. The date at the top shows the latest version.'],
    },
    {
      heading: 'Contact us',
      paragraphs: ['Questions about our text messages? Contact {institute}:'],
      contact: true,
    },
  ],
};
