import { Input } from '@chakra-ui/react';
import { passwordInputWith } from './password-toggle';

/** Password field with a show/hide toggle (44 px touch target). */
export const PasswordInput = passwordInputWith(Input);
