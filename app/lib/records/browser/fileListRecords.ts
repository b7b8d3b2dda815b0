/** The service records as the file list uses them (handed to the merger's actions by the /files route). */
import type { FileListRecords } from "~/lib/merger/browser/parFileActions";
import { loadRecordFiles } from "./recordFileActions";
import { recordParFile } from "./recordParFile";

export const fileListRecords: FileListRecords = { recordParFile, loadRecordFiles };
