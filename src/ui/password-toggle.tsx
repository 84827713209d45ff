import { forwardRef, useState, type ComponentType, type RefAttributes } from 'react';
import { IconButton, InputGroup, type InputProps } from '@chakra-ui/react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { useT } from '@/lib/i18n';

/** A password field with a show/hide toggle (44 px touch target) around the given input component. */
export function passwordInputWith(InputComponent: ComponentType<InputProps & RefAttributes<HTMLInputElement>>) {
  return forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
    const t = useT();
    const [visible, setVisible] = useState(false);
    return (
      <InputGroup
        endElement={
          <IconButton
            type="button"
            variant="ghost"
            size="sm"
            me="-2"
            aria-label={visible ? t('signin.hidePassword') : t('signin.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            data-testid="toggle-password"
          >
            {visible ? <LuEyeOff /> : <LuEye />}
          </IconButton>
        }
      >
        <InputComponent ref={ref} type={visible ? 'text' : 'password'} {...props} />
      </InputGroup>
    );
  });
}
