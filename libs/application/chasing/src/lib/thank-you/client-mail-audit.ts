/**
 * The audit action of a client mail that is no chase of the API contract (the thank-you, the
 * items-added notice): the owner's record of what became of it (GET /v1/audit?target=<intake id>).
 */
export const CLIENT_MAIL_AUDIT = { thank_you: 'mail.thank_you', items_added: 'mail.items_added' } as const;
