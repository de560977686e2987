/** A completed class's 'Certificado de conclusão', a PDF made by the server (decision 094). */
import { myCertificatePath } from '@centro/contracts/paths';
import { fetchFile } from '~/lib/api-file';
import { saveFile } from '~/lib/save-file';

/** Downloads the person's certificate of the class `classId`, as the file the server names. */
export async function downloadCertificate(classId: string, token: string): Promise<void> {
  const { blob, fileName } = await fetchFile(myCertificatePath(classId), { bearer: token });
  saveFile(blob, fileName ?? 'certificado.pdf');
}
