/**
 * Picking images (the journal's composer and media dialog, the checklist's photos, the patrol's field report): each
 * chosen image is checked and compressed on the device (src/lib/image.ts) before anything is sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { chakra } from '@chakra-ui/react';
import { INCIDENT_LIMITS } from '@contract/incident-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/journal';
import { ImageTooLargeError, prepareImage, type PreparedImage } from '@/lib/image';
import { notify } from '@/ui/toaster';

/**
 * Chosen images, each checked (MIME type and decoding: 'Not an image' otherwise) and compressed to a ≤ 900 px JPEG
 * as soon as it is chosen (§5, §9). The list survives failed uploads: only the caller removes what was uploaded.
 */
export function useImagePicker() {
  const t = useT();
  const [images, setImages] = useState<PreparedImage[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [processing, setProcessing] = useState(0);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const add = useCallback(
    async (files: FileList | File[] | null) => {
      const list = files ? Array.from(files) : [];
      if (!list.length) return;
      setErrors([]);
      setProcessing((n) => n + list.length);
      const failed: string[] = [];
      let notImage = false;
      for (const file of list) {
        try {
          const img = await prepareImage(file);
          if (live.current) setImages((prev) => [...prev, img]);
        } catch (err) {
          if (err instanceof ImageTooLargeError) {
            failed.push(
              `${file.name}: ${t('journal.imageTooLarge', { pixels: Math.round(err.pixels / 1e6), max: Math.round(INCIDENT_LIMITS.attachmentMaxPixels / 1e6) })}`,
            );
          } else {
            notImage = true;
            failed.push(`${file.name}: ${t('journal.notAnImage')}`);
          }
        } finally {
          if (live.current) setProcessing((n) => n - 1);
        }
      }
      if (!live.current) return;
      setErrors(failed);
      if (notImage) notify.error(t('journal.notAnImage'));
      else if (failed.length) notify.error(failed[0]);
    },
    [t],
  );

  const remove = useCallback((key: string) => setImages((prev) => prev.filter((i) => i.key !== key)), []);
  const clear = useCallback(() => {
    setImages([]);
    setErrors([]);
  }, []);

  return { images, errors, processing: processing > 0, add, remove, clear, setImages };
}

/** A hidden file input for images; `capture` asks tablets to open the camera directly. */
export function ImageInput({
  inputRef,
  onFiles,
  capture,
  multiple = true,
  testId,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  onFiles: (files: File[]) => void;
  capture?: boolean;
  multiple?: boolean;
  testId?: string;
}) {
  return (
    <chakra.input
      ref={inputRef}
      type="file"
      accept="image/*"
      multiple={multiple}
      {...(capture ? { capture: 'environment' } : {})}
      display="none"
      data-testid={testId}
      onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
        const files = Array.from(e.currentTarget.files ?? []);
        // the same file may be chosen again after a removal or a failure
        e.currentTarget.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}
