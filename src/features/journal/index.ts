/**
 * Jurnal Kes and Lampiran Media (issue #3 item 5; spec §2.8, §2.16, §3.6, §3.8, §5, §6, §8, §9).
 *
 * `<JournalPanel incidentId subformId? disabled? />`
 *   - incidentId: number — the case (pkIncidentId); the list is journal/getAllByIncident/{incidentId}, newest
 *     first, refreshed every 60 s while mounted.
 *   - subformId?: number | null — the subform entries are linked to (journalEntry/save incidentSubFormId); without
 *     it the server links them to the case's current subform.
 *   - disabled?: boolean — read-only: entries and thumbnails only (no text box, no image upload, no delete).
 *   Renders its own white panel headed 'Jurnal Kes'. Images are attached to the entry (tableType JOURNAL_ENTRY).
 *
 * `<MediaAttachments incidentId subformId disabled? />`
 *   - incidentId: number — the case (for the page's bookkeeping; the list is by subform).
 *   - subformId: number | null | undefined — the subform whose Lampiran Media are shown (attachmentList/dataTables
 *     incidentSubFormId) and uploaded to (tableType INCIDENT_SUBFORM). Without it nothing can be uploaded.
 *   - disabled?: boolean — read-only: thumbnails only (no upload dialog, no delete).
 *   Renders a 'Lampiran Media' heading row and the thumbnails, no outer card: place it inside the subform's card.
 *
 * Both: thumbnails 180 px high, three per row; a click opens the 600 px image dialog; delete only where
 * canDeleteAttachment(roleId, statusImg) allows (§6). `journalKeys` lets a page refresh the journal after its own
 * writes (e.g. a superadmin's correction): `queryClient.invalidateQueries({ queryKey: journalKeys.all })`.
 */
export { JournalPanel, type JournalPanelProps } from './journal-panel';
export { MediaAttachments, type MediaAttachmentsProps } from './media-attachments';
export { journalKeys, warmJournal } from './use-journal';
