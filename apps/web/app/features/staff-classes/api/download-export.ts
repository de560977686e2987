/**
 * GET /api/staff/courses/:slug/export.csv | .xlsx | lista-de-espera.csv ?turma=: a class's file is
 * fetched with the bearer token (a plain link could not carry it), then saved.
 */
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchFile } from '~/lib/api-file';
import { saveFile } from '~/lib/save-file';

/** The participants as CSV or .xlsx, or the waiting list as its own CSV. */
export type ExportFormat = 'csv' | 'xlsx' | 'waiting-csv';

const EXTENSION: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', 'waiting-csv': 'csv' };

export async function downloadExport(
  slug: string,
  classId: string,
  format: ExportFormat,
  token: string,
): Promise<void> {
  const paths = staffCoursePaths(slug, classId);
  const path = {
    csv: paths.exportCsv,
    xlsx: paths.exportXlsx,
    'waiting-csv': paths.exportWaitingCsv,
  };
  const { blob, fileName } = await fetchFile(path[format], { bearer: token });
  saveFile(blob, fileName ?? `${slug}.${EXTENSION[format]}`);
}
