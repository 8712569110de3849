// Choosing an image: a preview of the current one (or of the chosen file), checked in the browser
// for type and size before anything is sent. A record that exists uploads at once (ImageUpload); a
// new one uploads the chosen file right after it is created (uploadChosenImage).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { imageFileProblem } from '@/domain/back-office-forms';
import { Button } from '@/web/components/ui/button';
import { FieldError, Label } from '@/web/components/ui/label';
import { errorMessage } from '@/web/lib/api';

/** The chosen file (null when none, or when it was refused) and the message under the field. */
export function useImageChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const onFile = (chosen: File | null, problem: string | null) => {
    setFile(problem ? null : chosen);
    setError(problem ?? undefined);
  };
  return { file, error, setError, onFile, clear: () => setFile(null) };
}

/** After creating a record: uploads the image chosen on the form; a failed upload keeps the record and says so. */
export async function uploadChosenImage(file: File | null, upload: (file: File) => Promise<unknown>, what: string): Promise<void> {
  if (!file) return;
  try {
    await upload(file);
  } catch (err) {
    toast.error(`${errorMessage(err, 'The image could not be uploaded.')} The ${what} was saved without it.`);
  }
}

/** The image of a record that exists: choose a file, then upload it. */
export function ImageUpload({
  label,
  currentUrl,
  upload,
  success,
}: {
  label: string;
  currentUrl: string | null;
  upload(file: File): Promise<unknown>;
  success: string;
}) {
  const queryClient = useQueryClient();
  const choice = useImageChoice();
  const send = useMutation({
    mutationFn: upload,
    onSuccess: async () => {
      choice.clear();
      toast.success(success);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (err) => choice.setError(errorMessage(err, 'The image could not be uploaded. Please try again.')),
  });
  return (
    <div className="space-y-3">
      <ImageField label={label} currentUrl={currentUrl} file={choice.file} error={choice.error} onFile={choice.onFile} />
      <Button variant="secondary" disabled={!choice.file || send.isPending} onClick={() => choice.file && send.mutate(choice.file)}>
        {send.isPending ? 'Uploading…' : 'Upload image'}
      </Button>
    </div>
  );
}

export function ImageField({
  label,
  currentUrl,
  file,
  onFile,
  error,
}: {
  label: string;
  currentUrl: string | null;
  file: File | null;
  onFile(file: File | null, problem: string | null): void;
  error?: string;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? currentUrl;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-24 w-32 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          {shown ? (
            <img
              src={shown}
              alt={preview ? 'Chosen image (not uploaded yet)' : 'Current image'}
              width={128}
              height={96}
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="text-xs text-slate-600">No image</span>
          )}
        </div>
        <input
          id={id}
          type="file"
          accept="image/*"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0] ?? null;
            onFile(chosen, chosen ? imageFileProblem(chosen) : null);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        JPEG, PNG, WebP or GIF up to 5 MB. It is resized to at most 1280 px wide and saved as WebP.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
