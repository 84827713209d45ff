import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Box, Button, Field, Grid, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuCircleCheck, LuClipboardList, LuPlus, LuSend, LuTriangleAlert, LuUsers } from 'react-icons/lu';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import type { DataTablesResult } from '@contract/envelope';
import { STATUS } from '@contract/lookups';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/play';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import type { ListSearch } from '@/ui/admin/list-search';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { IncidentStatusBadge } from '@/ui/incident-status-badge';
import { JustificationDialog } from '@/ui/justification-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { PasswordInput } from '@/ui/password-input';
import { ChangeBadge, HeadlineFigures, ReportBlock } from '@/ui/report/report-kit';
import { LifecycleBadge } from '@/ui/roster-lifecycle-badge';
import { RosterStatusBadge } from '@/ui/roster-status-badge';
import { StatCard } from '@/ui/stat-card';
import { EmptyBlock, ErrorBlock, ListStates } from '@/ui/states';
import { notify } from '@/ui/toaster';

/** Sample rows of the administration list (a gallery: no server behind them). */
interface SampleRow {
  id: number;
  name: string;
  section: string;
  active: boolean;
}
const SAMPLE_ROWS: SampleRow[] = [
  { id: 1, name: 'Ahmad bin Ali', section: 'Seksyen 1 — Tengah', active: true },
  { id: 2, name: 'Siti Nurhaliza', section: 'Seksyen 2 — Tengah', active: true },
  { id: 3, name: 'Lim Wei Jie', section: 'Seksyen 5 — Utara', active: false },
];

const STATUS_SAMPLES: { id: number; label: string }[] = [
  { id: STATUS.ASSIGNED, label: 'Tugasan Dihantar' },
  { id: STATUS.RECEIVED, label: 'Tugasan Diterima' },
  { id: STATUS.ARRIVED, label: 'Tiba di Lokasi' },
  { id: STATUS.CASE_DONE, label: 'Selesai Kes' },
  { id: STATUS.CLOSED, label: 'Tutup' },
  { id: STATUS.CANCELLED, label: 'Batal' },
];

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Panel heading={title} data-testid={`play-${id}`}>
      <Box p={{ base: '4', md: '5' }}>{children}</Box>
    </Panel>
  );
}

/**
 * /play (§2.1 "playground", issue #19): the portal's own shared components (src/ui) in their states, with sample
 * data, rendered from the real components; for the roles that administer (permission 'adminUsers').
 */
export function PlayScreen() {
  const t = useT();
  const [ask, setAsk] = useState<null | 'confirm' | 'justify'>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [search, setSearch] = useState<ListSearch>({});
  const sampleQuery = useQuery({
    queryKey: ['play', 'sample-rows', search],
    queryFn: async (): Promise<DataTablesResult<SampleRow>> => {
      const dir = search.dir === 'desc' ? -1 : 1;
      const rows = [...SAMPLE_ROWS].sort((a, b) => dir * a.name.localeCompare(b.name));
      return { rows, recordCount: rows.length } as DataTablesResult<SampleRow>;
    },
  });
  const columns: AdminColumn<SampleRow>[] = [
    { id: 'name', header: 'Nama', cell: (r) => r.name, sortable: true },
    { id: 'section', header: 'Seksyen', cell: (r) => r.section },
    {
      id: 'active',
      header: 'Status',
      cell: (r) => (
        <Badge colorPalette={r.active ? 'green' : 'gray'} variant="subtle">
          {r.active ? 'Aktif' : 'Tidak aktif'}
        </Badge>
      ),
    },
  ];

  return (
    <Box maxW="1280px" mx="auto" data-testid="play">
      <PageHeader title={t('play.title')} subtitle={t('play.subtitle')} actions={<Badge colorPalette="purple">{t('play.sample')}</Badge>} />
      <Stack gap="5">
        <Section title={t('play.buttons')} id="buttons">
          <HStack gap="3" wrap="wrap">
            <Button colorPalette="brand" minH="11">
              <LuSend /> Hantar
            </Button>
            <Button variant="outline" minH="11">
              <LuPlus /> Tambah
            </Button>
            <Button variant="ghost" minH="11">
              Batal
            </Button>
            <Button colorPalette="red" minH="11">
              Batalkan Kes
            </Button>
            <Button colorPalette="teal" minH="11">
              Tutup
            </Button>
            <Button colorPalette="brand" minH="11" loading loadingText="Menghantar…">
              Hantar
            </Button>
            <Button colorPalette="brand" minH="11" disabled>
              Tidak aktif
            </Button>
          </HStack>
        </Section>

        <Section title={t('play.inputs')} id="inputs">
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            <Field.Root required>
              <Field.Label>
                KM <Field.RequiredIndicator />
              </Field.Label>
              <Input placeholder="cth. 23.4" />
              <Field.HelperText>Min 1 aksara bernombor</Field.HelperText>
            </Field.Root>
            <Field.Root invalid>
              <Field.Label>No. Plat</Field.Label>
              <Input defaultValue="?" />
              <Field.ErrorText>Sila masukkan No. Plat yang sah.</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Arah</Field.Label>
              <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
                <NativeSelect.Field defaultValue="">
                  <option value="">Sila pilih</option>
                  <option value="1">Utara</option>
                  <option value="2">Selatan</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>Kata laluan</Field.Label>
              <PasswordInput defaultValue="Contoh@2026" />
            </Field.Root>
            <Field.Root gridColumn={{ md: 'span 2' }}>
              <Field.Label>Catatan</Field.Label>
              <Textarea recipe={textareaRecipe} bg="bg.panel" rows={3} placeholder="Catatan (maks. 500 aksara)" />
            </Field.Root>
          </Grid>
        </Section>

        <Section title={t('play.states')} id="states">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Box borderWidth="1px" borderColor="border" rounded="md" data-testid="play-state-loading">
              <ListStates pending failed={false} failedText="" empty={false} emptyIcon={null} emptyText="">
                {null}
              </ListStates>
            </Box>
            <Box borderWidth="1px" borderColor="border" rounded="md" data-testid="play-state-empty">
              <EmptyBlock title="Tiada kes" description="Tiada kes yang sepadan dengan penapis ini." icon={<LuClipboardList />} />
            </Box>
            <Box borderWidth="1px" borderColor="border" rounded="md" data-testid="play-state-error">
              <ErrorBlock title="Gagal memuatkan" message="Ralat rangkaian (contoh)" onRetry={() => notify.info('Cuba semula')} />
            </Box>
          </SimpleGrid>
        </Section>

        <Section title={t('play.badges')} id="badges">
          <Stack gap="3">
            <HStack gap="2" wrap="wrap">
              {STATUS_SAMPLES.map((s) => (
                <IncidentStatusBadge key={s.id} statusId={s.id} label={s.label} />
              ))}
            </HStack>
            <HStack gap="2" wrap="wrap">
              <RosterStatusBadge status="active" />
              <RosterStatusBadge status="upcoming" />
              <RosterStatusBadge status="ended" />
              {(['planned', 'onShift', 'ended', 'verified', 'approved'] as const).map((l) => (
                <LifecycleBadge key={l} lifecycle={l} testId={`play-lifecycle-${l}`} />
              ))}
            </HStack>
          </Stack>
        </Section>

        <Section title={t('play.stats')} id="stats">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <StatCard label="Kes terbuka" value={12} hint="Belum ditutup" icon={<LuTriangleAlert />} palette="orange" />
            <StatCard label="Peronda bertugas" value={4} of={10} icon={<LuUsers />} />
            <StatCard label="Kes ditutup" value={31} hint="7 hari lalu" icon={<LuCircleCheck />} palette="teal" />
          </SimpleGrid>
        </Section>

        <Section title={t('play.adminList')} id="admin-list">
          <AdminList
            columns={columns}
            rowKey={(r) => r.id}
            query={sampleQuery}
            search={search}
            onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
            defaultSort={{ sort: 'name', dir: 'asc' }}
            emptyText="Tiada rekod"
            rowTestId="play-admin-row"
            minW="480px"
            testId="play-sample-list"
          />
        </Section>

        <Section title={t('play.reportKit')} id="report-kit">
          <Stack gap="4">
            <HeadlineFigures
              items={[
                { key: 'cases', label: 'Jumlah kes', value: 128, previous: 110, testId: 'play-hl-cases' },
                {
                  key: 'response',
                  label: 'Purata masa tindak balas',
                  value: 14,
                  previous: 17,
                  unit: 'min',
                  lowerIsBetter: true,
                  testId: 'play-hl-resp',
                },
                { key: 'closed', label: 'Kes ditutup', value: 119, previous: null, testId: 'play-hl-closed' },
              ]}
            />
            <HStack gap="2">
              <Text fontSize="sm">Perubahan:</Text>
              <ChangeBadge item={{ value: 90, previous: 120, lowerIsBetter: true, testId: 'play-change' }} />
            </HStack>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <ReportBlock title="Memuatkan" loading testId="play-block-loading">
                {null}
              </ReportBlock>
              <ReportBlock title="Kosong" loading={false} empty emptyText="Tiada data dalam julat ini" testId="play-block-empty">
                {null}
              </ReportBlock>
              <ReportBlock
                title="Ralat"
                loading={false}
                error={new Error('Pelayan tidak menjawab (contoh)')}
                onRetry={() => notify.info('Cuba semula')}
                testId="play-block-error"
              >
                {null}
              </ReportBlock>
              <ReportBlock title="Sedia" loading={false} testId="play-block-ready">
                <Text fontSize="sm">Kandungan blok laporan (carta atau jadual).</Text>
              </ReportBlock>
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title={t('play.dialogs')} id="dialogs">
          <HStack gap="3" wrap="wrap">
            <Button variant="outline" minH="11" onClick={() => setAsk('confirm')} data-testid="play-open-confirm">
              {t('play.openConfirm')}
            </Button>
            <Button variant="outline" minH="11" onClick={() => setAsk('justify')} data-testid="play-open-justify">
              {t('play.openJustify')}
            </Button>
            {answer && (
              <Text fontSize="sm" color="fg.muted" data-testid="play-dialog-answer">
                {t('play.closed', { answer })}
              </Text>
            )}
          </HStack>
          <ConfirmDialog
            open={ask === 'confirm'}
            message={t('play.confirmMessage')}
            onConfirm={() => {
              setAnswer('OK');
              setAsk(null);
            }}
            onCancel={() => {
              setAnswer('Batal');
              setAsk(null);
            }}
            testId="play-confirm"
          />
          <JustificationDialog
            open={ask === 'justify'}
            title={t('play.justifyTitle')}
            onSubmit={(text) => {
              setAnswer(text);
              setAsk(null);
            }}
            onCancel={() => {
              setAnswer('Batal');
              setAsk(null);
            }}
            testId="play-justify"
          />
        </Section>

        <Section title={t('play.toasts')} id="toasts">
          <HStack gap="3" wrap="wrap">
            {(['success', 'info', 'warning', 'error'] as const).map((kind) => (
              <Button
                key={kind}
                variant="outline"
                minH="11"
                onClick={() => notify[kind](t('play.toastText', { kind }))}
                data-testid={`play-toast-${kind}`}
              >
                {kind}
              </Button>
            ))}
          </HStack>
        </Section>
      </Stack>
    </Box>
  );
}
