import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  removeAccountPhotoNow,
  uploadAccountPhoto,
  useAccountPhotoUrl,
  PHOTO_TYPES,
} from '../api/photo';

/** Settings → Profile: the account's photo (PNG, JPEG or WebP, 2 MB at most), or none. */
export function PhotoForm() {
  const photoUrl = useAccountPhotoUrl();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="font-medium">
        Your photo
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {photoUrl ? (
          <img
            src={photoUrl}
            alt="Your photo"
            width={64}
            height={64}
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span className="text-sm text-slate-600 dark:text-slate-300">No photo yet.</span>
        )}
        <input
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setBusy(true);
            setProblem(null);
            void uploadAccountPhoto(file).then((refusal) => {
              setBusy(false);
              setProblem(refusal);
            });
          }}
          className="text-sm"
        />
        {photoUrl && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void removeAccountPhotoNow().then((removed) => {
                setBusy(false);
                setProblem(removed ? null : 'The photo could not be removed. Please try again.');
              });
            }}
          >
            Remove photo
          </Button>
        )}
      </div>
      <p id={`${inputId}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
        PNG, JPEG or WebP, 2 MB at most. We store a fresh copy of the picture only (no location or
        camera details).
      </p>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}
