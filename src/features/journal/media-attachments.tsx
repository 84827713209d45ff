import { useRef, useState } from 'react';
import { Badge, Box, Button, CloseButton, Dialog, Flex, Portal, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { LuCamera, LuImage, LuImagePlus, LuImages, LuRefreshCw, LuUpload } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/journal';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { notify } from '@/ui/toaster';
import { AttachmentGrid } from './attachments';
import { ChosenImages, ImageInput, PickerErrors, useImagePicker } from './image-picker';
import { documentItem, groupOf } from '@/offline/case-writes';
import { ParkedWriteError, sendWrites } from '@/offline/writes';
import { mayDelete } from './journal-rules';
import { journalKeys, useMedia } from './use-journal';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';

export interface MediaAttachmentsProps {
  incidentId: number;
  /** the subform the images belong to (tableType INCIDENT_SUBFORM, fkTableId = subform id) */
  subformId: number | null | undefined;
  /** read-only: no upload, no delete (§2.15 'every subform accepts a disabled flag') */
  disabled?: boolean;
}

const reasonOf = (err: unknown) => (isApiError(err) && err.kind === 'http' && err.status < 500 && err.statusMsg ? err.shownMsg : undefined);

/**
 * Lampiran Media of a subform (§2.9–2.15) with the media-attachment dialog of §2.8: choose or take photos, see
 * them (already reduced to ≤ 900 px JPEG), upload. Thumbnails 180 px high, three per row; delete per §6.
 */
export function MediaAttachments({ incidentId, subformId, disabled = false }: MediaAttachmentsProps) {
  const t = useT();
  const session = useSession();
  const roleId = session?.user.roles[0]?.pkRoleId ?? null;
  const media = useMedia(subformId);
  const [open, setOpen] = useState(false);
  const rows = media.data ?? [];
  const canUpload = !disabled && !!subformId;

  return (
    <Box data-testid="media-attachments" data-incident-id={incidentId}>
      <Flex align="center" justify="space-between" gap="2" mb="2" minH="11">
        <Flex align="center" gap="2">
          <Text fontWeight="semibold" color="brand.ink">
            {t('journal.media.title')}
          </Text>
          {rows.length > 0 && (
            <Badge size="sm" variant="subtle" colorPalette="brand" data-testid="media-count">
              {t('journal.media.count', { count: rows.length })}
            </Badge>
          )}
          {media.isFetching && !media.isPending && <Spinner size="xs" color="brand.400" />}
        </Flex>
        {canUpload && (
          <Button size="sm" minH="11" variant="outline" colorPalette="brand" onClick={() => setOpen(true)} data-testid="media-open-upload">
            <LuImagePlus /> {t('journal.media.upload')}
          </Button>
        )}
      </Flex>

      {!subformId ? (
        <Text fontSize="sm" color="fg.muted">
          {t('journal.media.empty')}
        </Text>
      ) : media.isPending ? (
        <Skeleton h="180px" rounded="md" />
      ) : media.isError && !rows.length ? (
        <Flex align="center" justify="space-between" gap="2" p="3" rounded="md" bg="red.subtle" borderWidth="1px" borderColor="red.muted">
          <Text fontSize="sm" color="red.fg" data-testid="media-error">
            {t('journal.loadFailed')}
          </Text>
          <Button size="sm" minH="11" variant="outline" bg="bg.panel" onClick={() => void media.refetch()} loading={media.isFetching}>
            <LuRefreshCw /> {t('journal.retry')}
          </Button>
        </Flex>
      ) : rows.length === 0 ? (
        <Flex align="center" gap="2" p="3" rounded="md" borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" color="fg.muted">
          <LuImages />
          <Text fontSize="sm" data-testid="media-empty">
            {t('journal.media.empty')}
          </Text>
        </Flex>
      ) : (
        <AttachmentGrid attachments={rows} canDelete={(a) => !disabled && mayDelete(roleId, a)} testId="media-grid" />
      )}

      {canUpload && <UploadDialog open={open} incidentId={incidentId} subformId={subformId} onClose={() => setOpen(false)} />}
    </Box>
  );
}

/** §2.8 media-attachment dialog (600 px): choose or take photos, preview, upload one by one. */
function UploadDialog({ open, incidentId, subformId, onClose }: { open: boolean; incidentId: number; subformId: number; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const picker = useImagePicker();
  const session = useSession();
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const close = () => {
    if (uploading) return;
    picker.clear();
    onClose();
  };

  async function upload() {
    if (uploading || !picker.images.length) return;
    setUploading(true);
    let left: typeof picker.images = [];
    let firstError: unknown;
    let queued = false;
    const userId = session?.user.userId;
    if (userId) {
      // through the outbox (issue #4): offline, the photos wait on the device as Blobs and go when the line is back
      const target = { id: incidentId };
      const group = await groupOf(userId, target);
      const images = picker.images;
      const items = images.map((img) => documentItem({ userId, group, target, tableType: 'INCIDENT_SUBFORM', fkTableId: subformId, image: img }));
      try {
        queued = (await sendWrites(items)).status === 'queued';
      } catch (err) {
        const answered = err instanceof ParkedWriteError ? err.answers : {};
        left = images.filter((_, i) => !(items[i].clientId! in answered));
        firstError = err;
      }
    } else left = picker.images;
    await qc.invalidateQueries({ queryKey: journalKeys.media(subformId) });
    setUploading(false);
    if (left.length) {
      // what did not upload stays chosen: the user can try again
      picker.setImages(left);
      const reason = reasonOf(firstError);
      notify.error(reason ? `${t('journal.media.uploadFailed')} ${reason}` : t('journal.media.uploadFailed'));
    } else {
      // queued: the toast of the outbox said it stays on the device
      if (!queued) notify.success(t('journal.media.uploaded'));
      picker.clear();
      onClose();
    }
  }

  const count = picker.images.length;
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
      size="lg"
      closeOnInteractOutside={!uploading}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="full" maxW="600px" mx="4" data-testid="media-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('journal.media.dialogTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t('journal.media.hint')}
                </Text>
                <Flex gap="2" wrap="wrap">
                  <Button
                    minH="11"
                    variant="outline"
                    colorPalette="brand"
                    onClick={() => chooseRef.current?.click()}
                    disabled={uploading}
                    data-testid="media-choose"
                  >
                    <LuImage /> {t('journal.media.choose')}
                  </Button>
                  <Button
                    minH="11"
                    variant="outline"
                    colorPalette="brand"
                    onClick={() => cameraRef.current?.click()}
                    disabled={uploading}
                    data-testid="media-camera"
                  >
                    <LuCamera /> {t('journal.media.camera')}
                  </Button>
                  <ImageInput inputRef={chooseRef} onFiles={(f) => void picker.add(f)} testId="media-file" />
                  <ImageInput inputRef={cameraRef} onFiles={(f) => void picker.add(f)} capture multiple={false} testId="media-camera-file" />
                </Flex>
                {picker.processing && (
                  <Flex align="center" gap="2" fontSize="sm" color="fg.muted">
                    <Spinner size="xs" /> {t('journal.processing')}
                  </Flex>
                )}
                <PickerErrors errors={picker.errors} testId="media-image-error" />
                {count ? (
                  <ChosenImages images={picker.images} onRemove={picker.remove} disabled={uploading} layout="grid" testId="media-chosen" />
                ) : (
                  !picker.processing && (
                    <Text fontSize="sm" color="fg.muted" py="4" textAlign="center">
                      {t('journal.media.nothingChosen')}
                    </Text>
                  )
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" onClick={close} disabled={uploading}>
                {t('journal.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                minH="11"
                onClick={() => void upload()}
                loading={uploading}
                disabled={!count || picker.processing}
                data-testid="media-upload"
              >
                <LuUpload /> {t('journal.media.submit', { count })}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" minW="11" minH="11" disabled={uploading} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
