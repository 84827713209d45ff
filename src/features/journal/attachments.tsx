import { useState } from 'react';
import { Box, Button, chakra, CloseButton, Dialog, Flex, Grid, IconButton, Portal, Skeleton, Spinner, Text } from '@chakra-ui/react';
import { LuDownload, LuImageOff, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import type { Attachment } from '@contract/incidents';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/journal';
import { formatDateTime } from '@/lib/time';
import { formatBytes } from '@/lib/image';
import { notify } from '@/ui/toaster';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PhotoEvidence, TamperedWarning } from '@/ui/photo-evidence';
import { useObjectUrl } from '@/ui/use-object-url';
import { useDeleteAttachment, useDocumentBlob } from './use-journal';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';

/** §9: thumbnails are 180 px high, three per row. */
export const THUMB_HEIGHT = '180px';

/**
 * Attachments as thumbnails, three per row; a click opens the image in a 600 px dialog (§2.16). The delete button
 * shows only where `canDelete` says so (§6); a failed delete shows 'Ops! Aset tidak berjaya dipadam.' and the
 * attachment stays.
 */
export function AttachmentGrid({
  attachments,
  canDelete,
  testId,
}: {
  attachments: readonly Attachment[];
  canDelete: (a: Attachment) => boolean;
  testId?: string;
}) {
  const t = useT();
  const [viewing, setViewing] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const del = useDeleteAttachment();

  const confirmDelete = () => {
    if (!deleting) return;
    const a = deleting;
    del.mutate(a.pkAttachmentListId, {
      onSuccess: () => {
        setDeleting(null);
        if (viewing?.pkAttachmentListId === a.pkAttachmentListId) setViewing(null);
        notify.success(t('journal.deleted'));
      },
      onError: () => {
        setDeleting(null);
        notify.error(t('journal.deleteFailed'));
      },
    });
  };

  if (!attachments.length) return null;
  return (
    <>
      <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="2" data-testid={testId}>
        {attachments.map((a) => (
          <Box key={a.pkAttachmentListId} minW="0" data-testid="attachment-item" data-attachment-id={a.pkAttachmentListId}>
            <Thumb a={a} deletable={canDelete(a)} onOpen={() => setViewing(a)} onDelete={() => setDeleting(a)} />
            <Box mt="1">
              <PhotoEvidence a={a} />
            </Box>
          </Box>
        ))}
      </Grid>
      <ImageDialog
        attachment={viewing}
        deletable={!!viewing && canDelete(viewing)}
        onDelete={() => viewing && setDeleting(viewing)}
        onClose={() => setViewing(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('journal.deleteTitle')}
        message={deleting ? t('journal.deleteText', { name: deleting.documentName }) : undefined}
        confirmLabel={t('journal.delete')}
        cancelLabel={t('journal.cancel')}
        colorPalette="red"
        pending={del.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        testId="attachment-delete-confirm"
      />
    </>
  );
}

function Thumb({ a, deletable, onOpen, onDelete }: { a: Attachment; deletable: boolean; onOpen: () => void; onDelete: () => void }) {
  const t = useT();
  const doc = useDocumentBlob(a.pkDocumentsId);
  const url = useObjectUrl(doc.data);
  return (
    <Box
      position="relative"
      h={THUMB_HEIGHT}
      rounded="md"
      overflow="hidden"
      bg="bg.muted"
      borderWidth={a.tampered ? '3px' : '1px'}
      borderColor={a.tampered ? 'red.500' : 'border'}
      data-testid="attachment-thumb"
      data-attachment-id={a.pkAttachmentListId}
      data-tampered={a.tampered ? 'true' : undefined}
    >
      {doc.isError ? (
        <Flex
          direction="column"
          align="center"
          justify="center"
          h="full"
          gap="1"
          p="2"
          textAlign="center"
          color="red.fg"
          data-testid="attachment-failed"
        >
          <LuImageOff />
          <Text fontSize="xs">{t('journal.documentFailed')}</Text>
          <Button size="xs" minH="11" variant="outline" bg="bg.panel" onClick={() => void doc.refetch()}>
            <LuRefreshCw /> {t('journal.retry')}
          </Button>
        </Flex>
      ) : url ? (
        <chakra.button
          type="button"
          w="full"
          h="full"
          display="block"
          cursor="zoom-in"
          onClick={onOpen}
          aria-label={t('journal.imageOf', { name: a.documentName })}
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.400', outlineOffset: '-3px' }}
        >
          <chakra.img src={url} alt={a.documentName} w="full" h="full" objectFit="cover" draggable={false} />
        </chakra.button>
      ) : (
        <Skeleton h="full" />
      )}
      {deletable && (
        <IconButton
          position="absolute"
          top="1"
          right="1"
          size="sm"
          minW="11"
          minH="11"
          colorPalette="red"
          variant="subtle"
          bg="white/90"
          color="red.fg"
          _hover={{ bg: 'red.subtle' }}
          boxShadow="sm"
          aria-label={t('journal.delete')}
          title={t('journal.delete')}
          onClick={onDelete}
          data-testid="attachment-delete"
        >
          <LuTrash2 />
        </IconButton>
      )}
    </Box>
  );
}

/** The 600 px image dialog (§2.16, §9). */
export function ImageDialog({
  attachment,
  deletable,
  onDelete,
  onClose,
}: {
  attachment: Attachment | null;
  deletable: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={!!attachment} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="full" maxW="600px" mx="4" data-testid="image-dialog">
            <Dialog.Header pe="14">
              <Dialog.Title fontSize="md" truncate>
                {attachment?.documentName}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{attachment && <DialogImage a={attachment} />}</Dialog.Body>
            <Dialog.Footer justifyContent="space-between" flexWrap="wrap">
              {attachment && <DownloadLink a={attachment} />}
              <Flex gap="2" ms="auto">
                {deletable && (
                  <Button colorPalette="red" variant="outline" minH="11" onClick={onDelete} data-testid="image-dialog-delete">
                    <LuTrash2 /> {t('journal.delete')}
                  </Button>
                )}
                <Button variant="outline" minH="11" onClick={onClose}>
                  {t('app.close')}
                </Button>
              </Flex>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" minW="11" minH="11" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DialogImage({ a }: { a: Attachment }) {
  const t = useT();
  const doc = useDocumentBlob(a.pkDocumentsId);
  const url = useObjectUrl(doc.data);
  return (
    <Box>
      <Flex align="center" justify="center" bg="gray.900" rounded="md" overflow="hidden" minH="200px">
        {doc.isError ? (
          <Flex direction="column" align="center" gap="2" p="6" color="white" textAlign="center">
            <LuImageOff />
            <Text fontSize="sm">{t('journal.documentFailed')}</Text>
            <Button size="sm" minH="11" variant="outline" bg="bg.panel" onClick={() => void doc.refetch()}>
              <LuRefreshCw /> {t('journal.retry')}
            </Button>
          </Flex>
        ) : url ? (
          <chakra.img src={url} alt={a.documentName} maxW="full" maxH="70vh" objectFit="contain" data-testid="image-dialog-img" />
        ) : (
          <Spinner color="white" my="16" />
        )}
      </Flex>
      {a.tampered && <TamperedWarning long />}
      <Text mt="2" fontSize="xs" color="fg.muted">
        {t('journal.uploadedBy', { name: a.uploadedBy.displayName, role: a.uploadedBy.roleName, time: formatDateTime(a.createdDateTime) })}
        {a.width && a.height ? ` · ${t('journal.imageSize', { width: a.width, height: a.height, size: formatBytes(a.byteSize) })}` : ''}
      </Text>
      <Box mt="1">
        <PhotoEvidence a={{ ...a, tampered: false }} testId="image-dialog-evidence" />
      </Box>
    </Box>
  );
}

function DownloadLink({ a }: { a: Attachment }) {
  const t = useT();
  const doc = useDocumentBlob(a.pkDocumentsId);
  const url = useObjectUrl(doc.data);
  if (!url) return <span />;
  return (
    <Button asChild variant="ghost" minH="11" colorPalette="brand">
      <a href={url} download={a.documentName}>
        <LuDownload /> {t('journal.download')}
      </a>
    </Button>
  );
}
