/**
 * 'Gerar novo código' (decision 095): a person enrolled at the desk who lost the paper gets a new
 * claim code. Asked first, since the old code stops working; the new one is shown once, as after
 * the enrolment, for staff to write down for the person.
 */
import { useState } from 'react';
import { useApi } from '~/auth/use-api';
import { ConfirmBox } from '~/components/staff/confirm-box';
import { claimCodeText } from '~/lib/staff/claim-code';
import { staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';
import { newClaimCode } from '../api/new-claim-code';

interface NewClaimCodeProps {
  slug: string;
  classId: string;
  person: { id: string; name: string };
  onClose: () => void;
}

export function NewClaimCode({ slug, classId, person, onClose }: NewClaimCodeProps) {
  const call = useApi();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);

  const issue = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await call((token) => newClaimCode(slug, classId, person.id, token));
      setCode(answer.claimCode);
    } catch (error) {
      setProblem(failureMessage('new claim code', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  if (code !== null) {
    return (
      <div className="staff__notice" role="status">
        <p>Novo código de {person.name}. O código anterior não funciona mais.</p>
        <p className="staff__claim-code">{claimCodeText(code)}</p>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Fechar
        </button>
      </div>
    );
  }
  return (
    <ConfirmBox
      question={
        <>
          Gerar um novo código para <strong>{person.name}</strong>? O código anterior deixa de
          funcionar na hora: entregue o novo à pessoa.
        </>
      }
      confirm={{ label: 'Confirmar novo código', onClick: () => void issue(), disabled: busy }}
      onCancel={onClose}
    >
      {problem && (
        <p className="staff__problem" role="alert">
          {problem}
        </p>
      )}
    </ConfirmBox>
  );
}
