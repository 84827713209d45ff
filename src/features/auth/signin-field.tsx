import { useId, type ReactNode } from 'react';
import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { PlainInput } from '@/ui/plain-input';
import { passwordInputWith } from '@/ui/password-toggle';

/** The attributes Ark's Field.Root gives its input (Field.Input), for a required field. */
export interface FieldControlProps {
  id: string;
  required: true;
  'aria-invalid'?: true;
  'aria-errormessage'?: string;
  'data-invalid'?: '';
  'data-required': '';
  'data-scope': 'field';
  'data-part': 'input';
}

/**
 * A required field of the sign-in form as Chakra's Field.Root, Field.Label and Field.ErrorText draw it (the field
 * recipe, their classes, Ark's ids and ARIA attributes: the label names the input, the message is its error message
 * and is announced), without Ark's field context: the sign-in page, the first one a user loads, then carries no Ark
 * code. `children` gets the attributes its input must carry (use PlainInput or SigninPasswordInput).
 */
export function SigninField({ label, error, children }: { label: ReactNode; error?: string; children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const styles = useSlotRecipe({ key: 'field' })({});
  const invalid = error !== undefined;
  const invalidAttr = invalid ? '' : undefined;
  const errorTextId = `field::${id}::error-text`;
  return (
    <chakra.div
      id={`field::${id}`}
      role="group"
      data-scope="field"
      data-part="root"
      data-invalid={invalidAttr}
      className="chakra-field__root"
      css={styles.root}
    >
      <chakra.label
        id={`field::${id}::label`}
        htmlFor={id}
        data-scope="field"
        data-part="label"
        data-invalid={invalidAttr}
        data-required=""
        className="chakra-field__label"
        css={styles.label}
      >
        {label}
      </chakra.label>
      {children({
        id,
        required: true,
        'aria-invalid': invalid || undefined,
        'aria-errormessage': invalid ? errorTextId : undefined,
        'data-invalid': invalidAttr,
        'data-required': '',
        'data-scope': 'field',
        'data-part': 'input',
      })}
      {invalid && (
        <chakra.span
          id={errorTextId}
          data-scope="field"
          data-part="error-text"
          aria-live="polite"
          className="chakra-field__errorText"
          css={styles.errorText}
        >
          {error}
        </chakra.span>
      )}
    </chakra.div>
  );
}

export { PlainInput as SigninInput };
/** The password field of ../../ui/password-input.tsx around PlainInput. */
export const SigninPasswordInput = passwordInputWith(PlainInput);
