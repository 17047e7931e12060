import { Type } from '@sinclair/typebox';

export const Role = Type.Union([Type.Literal('user'), Type.Literal('admin')]);

/** A user as the API answers: the schema is the allowlist, so a password hash cannot be serialised by mistake. */
export const User = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: Role,
  createdAt: Type.String({ format: 'date-time' }),
  /** Issue 31: as on receipts and certificates; null when the student has not given one. */
  legalName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  phone: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** The student's own contact details (issue 31); an empty string clears one. */
export const ContactBody = Type.Object(
  { legalName: Type.String({ maxLength: 1000 }), phone: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

export const RegisterBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    username: Type.String({ minLength: 3, maxLength: 32 }),
    password: Type.String({ minLength: 8, maxLength: 128 }),
    // Accepted because the spec's client sends it; ignored: registration always creates role user.
    role: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);

export const RegisterResult = Type.Object({ message: Type.String(), userId: Type.String() });
export const LoginResult = Type.Object({ token: Type.String(), userId: Type.String() });

export const ForgotPasswordBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });
export const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);
export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 512 }), newPassword: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);
/** A new token: changing the password signs out every other session. */
export const ChangePasswordResult = Type.Object({ message: Type.String(), token: Type.String() });

export const RoleBody = Type.Object({ role: Role }, { additionalProperties: false });
