import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Badge, Box, Button, DataList, Field, Flex, Input, Text } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import type { PrimeUser } from '@contract/auth';
import { UsernameFormSchema } from '@/lib/username-schema';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/api';
import { primeUserCall } from './support-api';

type Values = { username: string };

/** The username check tool (§7.1 GET /public/primeuser/get/{username}); used signed out and on /primesupport. */
export function UsernameCheckForm({ autoFocus }: { autoFocus?: boolean }) {
  const t = useT();
  const [checked, setChecked] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(UsernameFormSchema), defaultValues: { username: '' } });
  const check = useMutation({ mutationFn: (u: string) => primeUserCall(u) });

  const onSubmit = handleSubmit((v) => {
    setChecked(v.username.trim());
    check.mutate(v.username.trim());
  });

  return (
    <Box>
      <form onSubmit={onSubmit} noValidate>
        <Flex gap="3" align="flex-end" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Field.Root invalid={!!formState.errors.username} flex="1" minW="200px">
            <Field.Label>{t('check.username')}</Field.Label>
            <Input
              {...register('username')}
              size="lg"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              autoFocus={autoFocus}
              data-testid="check-username"
            />
            <Field.ErrorText>{formState.errors.username ? t('check.invalid') : null}</Field.ErrorText>
          </Field.Root>
          <Button
            type="submit"
            size="lg"
            colorPalette="brand"
            loading={check.isPending}
            data-testid="check-submit"
            alignSelf={formState.errors.username ? 'center' : undefined}
          >
            <LuSearch /> {t('check.submit')}
          </Button>
        </Flex>
      </form>

      {check.isError && (
        <Alert.Root status="error" mt="4" rounded="md" data-testid="check-error">
          <Alert.Indicator />
          <Alert.Description>{errorText(check.error)}</Alert.Description>
        </Alert.Root>
      )}
      {check.data && checked && <Result user={check.data} username={checked} />}
    </Box>
  );
}

function YesNo({ value }: { value: boolean }) {
  const t = useT();
  return (
    <Badge colorPalette={value ? 'green' : 'red'} variant="subtle" size="md">
      {value ? t('check.yes') : t('check.no')}
    </Badge>
  );
}

function Result({ user, username }: { user: PrimeUser; username: string }) {
  const t = useT();
  return (
    <Box
      mt="5"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p="4"
      bg="bg.subtle"
      data-testid="check-result"
      data-exists={user.exists}
      data-active={user.active}
    >
      <Text fontWeight="semibold" color="brand.ink" mb="3">
        {t('check.resultFor', { username: user.username || username })}
      </Text>
      {!user.exists && (
        <Text color="red.fg" fontSize="sm" mb="3">
          {t('check.notFound')}
        </Text>
      )}
      <DataList.Root orientation="horizontal" size="md" gap="3">
        <DataList.Item>
          <DataList.ItemLabel minW="150px">{t('check.exists')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <YesNo value={user.exists} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="150px">{t('check.active')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <YesNo value={user.active} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="150px">{t('check.authType')}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold" data-testid="check-authtype">
            {user.authType ?? '—'}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Box>
  );
}
