import { forwardRef, useState } from 'react';
import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { useT } from '@/lib/i18n';

/** Password field with a show/hide toggle (44 px touch target). */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
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
      <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
    </InputGroup>
  );
});
