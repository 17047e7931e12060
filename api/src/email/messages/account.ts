import { text, type MessageContext, type Rendered } from './types';

/** Minutes a password reset link is valid; the email says so. */
export const RESET_LINK_MINUTES = 30;

export function renderPasswordReset({ p, base, config }: MessageContext): Rendered {
  return {
    params: {
      ...base,
      subject: 'Reset your password',
      message: `Someone (we hope you) asked to reset the password of your ${config.institute.name} account. ` +
        `The link below works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.`,
      link_url: text(p.resetUrl),
      link_text: 'Set a new password',
    },
    keep: { toName: p.toName ?? null },
  };
}

/** An account the admissions team made from an inquiry: its owner chooses the password. */
export function renderAccountCreated({ p, base, config }: MessageContext): Rendered {
  return {
    params: {
      ...base,
      subject: `Your ${config.institute.name} account`,
      message: `Thank you for your inquiry. Our admissions team made you a student account at ${config.institute.name} ` +
        `with this email. Choose your password with the link below; it works once, for ${RESET_LINK_MINUTES} minutes. ` +
        'If it has expired, use "Forgot password" on the sign-in page.',
      link_url: text(p.resetUrl),
      link_text: 'Choose your password',
    },
    keep: { toName: p.toName ?? null },
  };
}

export function renderPasswordChanged({ p, base, site, config }: MessageContext): Rendered {
  return {
    params: {
      ...base,
      subject: 'Your password was changed',
      message: 'The password of your account was just changed and every other session was signed out. ' +
        `If this was not you, reset your password now and contact us at ${config.institute.email}.`,
      link_url: `${site}/forgot-password`,
      link_text: 'Reset your password',
    },
    keep: p,
  };
}
