/** The service records as the file list uses them (handed to the merger's actions by the /files route). */
import type { FileListRecords } from "~/lib/merger/browser/parFileActions";
import { loadRecordFiles, type RecordsFileList } from "./recordFileActions";
import { recordParFile } from "./recordParFile";

export const fileListRecords = (fileList: RecordsFileList): FileListRecords => ({
  recordParFile: (parFile) => recordParFile(parFile, fileList),
  loadRecordFiles: (recordId) => loadRecordFiles(recordId, fileList),
});
