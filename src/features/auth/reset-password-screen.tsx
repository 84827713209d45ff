import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { Alert, Box, Button, Field, Flex, Heading, Input, Link, List, Stack, Text } from '@chakra-ui/react';
import { LuCircle, LuCircleCheck, LuKeyRound } from 'react-icons/lu';
import { APP_VERSION } from '@contract/menu';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/api';
import { afterSignInTarget, guardUserOf } from '@/lib/access';
import { useSession } from '@/lib/session';
import { Logo } from '@/ui/logo';
import { PasswordInput } from '@/ui/password-input';
import { notify } from '@/ui/toaster';
import { resetPasswordCall } from './auth-api';
import { clearRestrictedToken, login, LoginError, loginErrorText, tokenForReset } from './login';
import { ResetPasswordFormSchema } from './auth-schemas';

const FormSchema = ResetPasswordFormSchema;
type FormValues = z.input<typeof FormSchema>;

export function ResetPasswordScreen({ username }: { username?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const voluntary = !!session && !username;
  // the failure itself, its text read when shown (the server's message follows a language switch)
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);

  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { userName: username ?? session?.user.userId ?? '', oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [oldPassword = '', newPassword = '', confirmPassword = ''] = useWatch({ control, name: ['oldPassword', 'newPassword', 'confirmPassword'] });

  const rules = [
    { key: 'reset.ruleLength', ok: newPassword.length >= 8 },
    { key: 'reset.ruleLetter', ok: /[A-Za-z]/.test(newPassword) },
    { key: 'reset.ruleDigit', ok: /[0-9]/.test(newPassword) },
    { key: 'reset.ruleDifferent', ok: newPassword.length > 0 && newPassword !== oldPassword },
    { key: 'reset.ruleMatch', ok: confirmPassword.length > 0 && confirmPassword === newPassword },
  ] as const;

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const token = await tokenForReset(v.userName, v.oldPassword);
      await resetPasswordCall({ userName: v.userName.trim(), oldPassword: v.oldPassword, newPassword: v.newPassword }, token);
      clearRestrictedToken();
      setDone(true);
      notify.success(t('reset.success'));
      // Every earlier token is revoked: sign in again with the new password (§ brief) and land per role.
      const { user } = await login(v.userName, v.newPassword);
      const gu = guardUserOf(user);
      await navigate({ to: gu ? afterSignInTarget(undefined, gu) : '/', replace: true });
    } catch (err) {
      setDone(false);
      setError(err);
    }
  });

  return (
    <Flex minH="100dvh" align="center" justify="center" bg="surface.page" px="4" py="10">
      <Box w="full" maxW="460px">
        <Flex align="center" gap="3" mb="6" justify="center">
          <Logo size={44} />
          <Box>
            <Text fontWeight="bold" fontSize="lg" color="brand.ink" lineHeight="1.2">
              {t('app.name')}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('app.tagline')}
            </Text>
          </Box>
        </Flex>
        <Box bg="bg.panel" rounded="xl" borderWidth="1px" borderColor="border" boxShadow="md" p={{ base: '6', md: '8' }}>
          <Flex align="center" gap="2" color="brand.ink">
            <LuKeyRound />
            <Heading as="h1" size="lg">
              {t('reset.title')}
            </Heading>
          </Flex>
          <Text color="fg.muted" fontSize="sm" mt="1" mb="5">
            {voluntary ? t('reset.subtitleVoluntary') : t('reset.subtitle')}
          </Text>

          {error != null && (
            <Alert.Root status="error" mb="4" rounded="md" role="alert" data-testid="reset-error">
              <Alert.Indicator />
              <Alert.Description wordBreak="break-word">{error instanceof LoginError ? loginErrorText(error) : errorText(error)}</Alert.Description>
            </Alert.Root>
          )}
          {done && !error && (
            <Alert.Root status="success" mb="4" rounded="md">
              <Alert.Indicator />
              <Alert.Description>{t('reset.success')}</Alert.Description>
            </Alert.Root>
          )}

          <form onSubmit={onSubmit} noValidate>
            <Stack gap="4">
              <Field.Root invalid={!!errors.userName} required>
                <Field.Label>{t('reset.username')}</Field.Label>
                <Input
                  {...register('userName')}
                  autoComplete="username"
                  autoCapitalize="none"
                  readOnly={!!username}
                  bg={username ? 'bg.subtle' : undefined}
                  data-testid="reset-username"
                />
                <Field.ErrorText>{errors.userName?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.oldPassword} required>
                <Field.Label>{t('reset.oldPassword')}</Field.Label>
                <PasswordInput {...register('oldPassword')} autoComplete="current-password" autoFocus data-testid="reset-old" />
                <Field.ErrorText>{errors.oldPassword?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.newPassword} required>
                <Field.Label>{t('reset.newPassword')}</Field.Label>
                <PasswordInput {...register('newPassword')} autoComplete="new-password" data-testid="reset-new" />
                <Field.ErrorText>{errors.newPassword?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.confirmPassword} required>
                <Field.Label>{t('reset.confirmPassword')}</Field.Label>
                <PasswordInput {...register('confirmPassword')} autoComplete="new-password" data-testid="reset-confirm" />
                <Field.ErrorText>{errors.confirmPassword ? t('reset.mismatch') : null}</Field.ErrorText>
              </Field.Root>

              <Box bg="bg.subtle" rounded="md" p="3" borderWidth="1px" borderColor="border.muted">
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em" mb="2">
                  {t('reset.rules')}
                </Text>
                <List.Root gap="1" variant="plain" fontSize="sm">
                  {rules.map((r) => (
                    <List.Item key={r.key} alignItems="center" color={r.ok ? 'green.fg' : 'fg.muted'} data-ok={r.ok}>
                      <List.Indicator asChild color={r.ok ? 'green.fg' : 'gray.400'}>
                        {r.ok ? <LuCircleCheck /> : <LuCircle />}
                      </List.Indicator>
                      {t(r.key)}
                    </List.Item>
                  ))}
                </List.Root>
              </Box>

              <Button
                type="submit"
                size="lg"
                colorPalette="brand"
                loading={isSubmitting}
                loadingText={t('reset.submitting')}
                data-testid="reset-submit"
              >
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
          <Flex mt="5" justify="center">
            <Link asChild color="brand.fg" fontSize="sm" fontWeight="semibold" minH="11" display="inline-flex" alignItems="center">
              <RouterLink to={voluntary ? '/' : '/signin'}>{voluntary ? t('app.back') : t('reset.backToSignin')}</RouterLink>
            </Link>
          </Flex>
        </Box>
        <Text textAlign="center" mt="6" fontSize="xs" color="fg.muted">
          {t('app.version', { version: APP_VERSION })}
        </Text>
      </Box>
    </Flex>
  );
}
