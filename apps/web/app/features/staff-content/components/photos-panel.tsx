/**
 * Photos (decision 065), in the 'Conteúdo' section: the home page's banner, the carousel
 * of /saiba-mais and each course's image. The person chooses the place, a photo from the phone or
 * the computer and its alternative text (required); the server cuts it to the place's size and
 * publishes the pages at once. Problems show beside their fields, the server's too (a file that
 * is no image, too large); the upload names the version it started from, as every save does.
 * 'Voltar à ilustração original' takes a place's photo away (asked first); below, the versions
 * with 'Pré-visualizar' (the page of the place each changed) and 'Restaurar esta versão'.
 */
import type { PhotosDocument, StaffPhotosResponse } from '@centro/contracts';
import { PHOTO_LIMITS } from '@centro/contracts/photo-rules';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { ConfirmBox } from '~/components/staff/confirm-box';
import { useApi } from '~/auth/use-api';
import { ApiError } from '~/lib/api-error';
import { notify } from '~/components/toasts/notify';
import { useLoad } from '~/lib/use-load';
import {
  base64Of,
  fetchPhotos,
  fetchPhotosHistory,
  previewPhotos,
  removePhoto,
  restorePhotos,
  uploadPhoto,
} from '../api/photos';
import { staffMessages } from '~/lib/staff/copy';
import { formatDateTime } from '~/lib/staff/format';
import { failureMessage } from '~/lib/staff/messages';
import { LoadFailed } from '~/components/staff/load-failed';
import { type ListedRevision, type RevisionPreview, RevisionHistory } from './texts-history';

const MB = 1024 * 1024;

export function PhotosPanel() {
  const call = useApi();
  const stored = useLoad(
    useCallback(() => call(fetchPhotos), [call]),
    'Staff area: loading photos',
  );
  // A restore replaces the form (a new key) with what the server then holds; every change loads
  // the versions again.
  const [restored, setRestored] = useState<StaffPhotosResponse | null>(null);
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  if (stored.state === 'loading') return <p role="status">Carregando fotos…</p>;
  if (stored.state === 'failed') return <LoadFailed onRetry={stored.reload} />;
  const initial = restored ?? stored.data;
  const fields = initial.places.map((p) => ({ key: p.slot, label: p.label }));
  return (
    <>
      <PhotoForm key={initial.revision} initial={initial} onChanged={changed} />
      <RevisionHistory
        title="Versões anteriores das fotos"
        fields={fields}
        original="Ilustrações originais do site"
        version={version}
        load={loadHistory}
        restore={restore}
        preview={previewRevision}
        onRestored={(saved) => {
          setRestored(saved);
          changed();
        }}
      />
    </>
  );
}

/** What a place shows in a revision, in words. */
const photoText = (photo: PhotosDocument[string] | undefined) =>
  photo ? `Foto: ${photo.alt}` : 'Ilustração original';

/** The places whose photo a revision changed from the one before it (the first: all it names). */
function changedSlots(photos: PhotosDocument, before: PhotosDocument | undefined): string[] {
  const slots = new Set([...Object.keys(photos), ...Object.keys(before ?? {})]);
  return [...slots].filter((slot) => photos[slot]?.id !== before?.[slot]?.id);
}

/** The versions, each place in words; a revision's preview shows the first place it changed. */
const loadHistory = async (token: string): Promise<ListedRevision[]> => {
  const { revisions } = await fetchPhotosHistory(token);
  const slots = new Set(revisions.flatMap(({ photos }) => Object.keys(photos)));
  return revisions.map(({ photos, ...info }, i) => {
    const values = Object.fromEntries([...slots].map((slot) => [slot, photoText(photos[slot])]));
    const [slot] = changedSlots(photos, revisions[i + 1]?.photos);
    return { ...info, values, body: { photos, slot } };
  });
};

const previewRevision: RevisionPreview = (revision, token) => {
  const { photos, slot } = revision.body as { photos: PhotosDocument; slot: string | undefined };
  return previewPhotos({ photos, slot: slot ?? Object.keys(photos)[0] ?? 'banner' }, token);
};

const restore = (revision: number, restore: number, token: string) =>
  restorePhotos({ revision, restore }, token);

function PhotoForm({
  initial,
  onChanged,
}: {
  initial: StaffPhotosResponse;
  onChanged: () => void;
}) {
  const call = useApi();
  const id = useId();
  const [published, setPublished] = useState(initial);
  const [slot, setSlot] = useState(initial.places[0]?.slot ?? '');
  const place = published.places.find((p) => p.slot === slot);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(place?.photo?.alt ?? '');
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new input after each upload (a file input cannot be emptied by its value).
  const [inputKey, setInputKey] = useState(0);

  const choose = (next: string) => {
    setSlot(next);
    setAlt(published.places.find((p) => p.slot === next)?.photo?.alt ?? '');
    setProblems(new Map());
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = new Map<string, string>();
    if (!file) found.set('image', 'Escolha uma foto.');
    else if (!file.type.startsWith('image/')) found.set('image', 'Escolha um arquivo de imagem.');
    else if (file.size > PHOTO_LIMITS.bytes) {
      found.set('image', `A foto tem mais de ${PHOTO_LIMITS.bytes / MB} MB: escolha uma menor.`);
    }
    if (!alt.trim()) found.set('alt', 'Descreva a foto para quem não a vê.');
    setProblems(found);
    setProblem(found.size > 0 ? 'Corrija os campos indicados.' : null);
    if (found.size > 0 || !file) return;
    setBusy(true);
    try {
      const image = await base64Of(file);
      const saved = await call((token) =>
        uploadPhoto({ revision: published.revision, slot, alt: alt.trim(), image }, token),
      );
      setPublished(saved);
      setFile(null);
      setInputKey((k) => k + 1);
      onChanged();
      void notify('success', staffMessages.photoPublished);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const message = failureMessage('photos', error, staffMessages.saveFailed);
      if (field === 'image' || field === 'alt') setProblems(new Map([[field, message]]));
      setProblem(message);
    } finally {
      setBusy(false);
    }
  };

  // 'Voltar à ilustração original' asks first; the question takes the focus.
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call((token) =>
        removePhoto({ revision: published.revision, slot }, token),
      );
      setPublished(saved);
      setRemoving(false);
      onChanged();
      void notify('success', 'Ilustração original de volta, publicada.');
    } catch (error) {
      setProblem(failureMessage('photos', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  const described = (key: string) => ({
    id: `${id}-${key}`,
    'aria-invalid': problems.has(key) ? true : undefined,
    'aria-describedby': problems.has(key) ? `${id}-${key}-problem` : undefined,
  });
  const beside = (key: string) =>
    problems.has(key) && (
      <small id={`${id}-${key}-problem`} className="staff__problem">
        {problems.get(key)}
      </small>
    );

  return (
    <form
      className="staff__settings"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void send(event)}
      noValidate
    >
      <h2 id={`${id}-title`}>Fotos</h2>
      <p className="staff__count">
        {published.savedAt && published.savedBy
          ? `Última alteração por ${published.savedBy} em ${formatDateTime(published.savedAt)}.`
          : 'Ilustrações originais do site, ainda sem fotos.'}{' '}
        A foto é recortada no tamanho do lugar escolhido e publicada na hora.
      </p>
      <div className="staff__field">
        <label htmlFor={`${id}-slot`}>Onde a foto aparece</label>
        <select id={`${id}-slot`} value={slot} onChange={(e) => choose(e.currentTarget.value)}>
          {published.places.map((p) => (
            <option key={p.slot} value={p.slot}>
              {p.label}
              {p.photo ? ' (foto)' : ''}
            </option>
          ))}
        </select>
        {place && (
          <small>
            Recortada em {place.width} × {place.height} pixels.{' '}
            {place.photo ? 'Hoje: a foto abaixo.' : 'Hoje: a ilustração original.'}
          </small>
        )}
      </div>
      {place?.photo && (
        <img
          className="staff__photo"
          src={place.photo.src}
          alt={place.photo.alt}
          width={place.width}
          height={place.height}
        />
      )}
      {place?.photo && !removing && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => setRemoving(true)}
        >
          Voltar à ilustração original
        </button>
      )}
      {place?.photo && removing && (
        <ConfirmBox
          question={
            <>
              Tirar a foto de “{place.label}” e voltar à ilustração original? A página muda na hora;
              a foto continua nas versões anteriores, se quiser restaurá-la.
            </>
          }
          confirm={{ label: 'Tirar a foto', onClick: () => void remove(), disabled: busy }}
          onCancel={() => setRemoving(false)}
        />
      )}
      <div className="staff__field">
        <label htmlFor={`${id}-image`}>Foto (JPEG, PNG, WebP ou AVIF, até 10 MB)</label>
        <input
          key={inputKey}
          {...described('image')}
          type="file"
          accept="image/*"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        {beside('image')}
      </div>
      <div className="staff__field">
        <label htmlFor={`${id}-alt`}>Texto alternativo (o que a foto mostra)</label>
        <input
          {...described('alt')}
          value={alt}
          maxLength={PHOTO_LIMITS.alt}
          onChange={(e) => setAlt(e.currentTarget.value)}
        />
        {beside('alt')}
      </div>
      {problem && (
        <p className="staff__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Enviar e publicar'}
      </button>
    </form>
  );
}
