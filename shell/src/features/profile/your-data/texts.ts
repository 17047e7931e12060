/** The words of the profile's "Your data" section (decision 048); tests assert them verbatim. */
export const YOUR_DATA_TEXT = {
  heading: 'Your data',
  intro: 'Download a copy of what the institute holds about you: your account, enrollments, payments, receipts, ' +
    'agreements, certificates, inquiries and the emails we sent you.',
  downloadJson: 'Download my data (JSON)',
  downloadCsv: 'Download my data (CSV)',
  downloading: 'Preparing your file...',
  askErase: 'Ask to erase my data',
  pending: (day: string) => `You asked for your data to be erased on ${day}. The institute will answer by email.`,
  declined: (day: string, reason: string) => `Your request of ${day} to erase your data was declined: ${reason}`,
  dialogTitle: 'Erase my data?',
  dialogBody: 'An admin reviews your request. Once it is approved, your name, email, phone, inquiries and notes are erased ' +
    'and you can no longer sign in. Payment records and receipts are kept as the law requires, under an anonymous name, ' +
    'and your certificates no longer verify. Download your data first if you want a copy.',
  password: 'Your password',
  cancel: 'Cancel',
  sent: 'Your request was sent. The institute will answer by email.',
} as const;
