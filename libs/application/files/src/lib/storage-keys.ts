/** Where every file of an intake is stored: uploads and brief files. */
export const intakeFilesPrefix = (intakeId: string) => `intakes/${intakeId}/`;

/** The object key of a client's upload. */
export const uploadKey = (intakeId: string, fileId: string) => `${intakeFilesPrefix(intakeId)}files/${fileId}`;

/** The object key of a brief file. */
export const briefFileKey = (intakeId: string, fileId: string) => `${intakeFilesPrefix(intakeId)}brief/${fileId}`;
