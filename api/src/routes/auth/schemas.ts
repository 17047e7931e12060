import { Type } from '@sinclair/typebox';

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
