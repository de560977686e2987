/**
 * GET /api/staff/courses/:slug/export.csv | .xlsx ?turma=: a class's file is fetched with the bearer token (a
 * plain link could not carry it), then saved.
 */
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchFile } from '~/lib/api-file';
import { saveFile } from '~/lib/save-file';

export type ExportFormat = 'csv' | 'xlsx';

export async function downloadExport(
  slug: string,
  classId: string,
  format: ExportFormat,
  token: string,
): Promise<void> {
  const paths = staffCoursePaths(slug, classId);
  const { blob, fileName } = await fetchFile(
    format === 'csv' ? paths.exportCsv : paths.exportXlsx,
    { bearer: token },
  );
  saveFile(blob, fileName ?? `${slug}.${format}`);
}
