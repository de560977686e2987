/**
 * 'Baixar certificado (PDF)' in 'Minhas inscrições', beside a class the person completed
 * (decision 094): the PDF is made by the server for the signed-in person only, so it is fetched
 * with their token and saved, never linked.
 */
import { useState } from 'react';
import { useApi } from '~/auth/use-api';
import { notify } from '~/components/toasts/notify';
import { explainedRefusal } from '~/lib/explained-refusal';
import { downloadCertificate } from '../api/certificate';
import { participantMessages as text } from '../copy';

export function CertificateDownload({ classId, title }: { classId: string; title: string }) {
  const call = useApi();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await call((token) => downloadCertificate(classId, token));
    } catch (error) {
      const sentence = explainedRefusal(error);
      if (sentence === null) console.error('Downloading a certificate failed', error);
      void notify('error', sentence ?? text.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={busy}
      aria-label={`${text.certificate}: ${title}`}
      onClick={() => void download()}
    >
      {text.certificate}
    </button>
  );
}
