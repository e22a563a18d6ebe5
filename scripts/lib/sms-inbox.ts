/**
 * The local SMS inbox for `npm start` without SMS_BASE_URL and for the tests: the workspace
 * package packages/sms-inbox, which speaks MSG91's Flow API.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SmsTemplate } from '@paylock/sms-inbox';

export {
  startSmsInbox,
  type ReceivedSms,
  type SmsInbox,
  type SmsInboxOptions,
  type SmsTemplate,
} from '@paylock/sms-inbox';

interface NoticeTemplate {
  readonly name: string;
  readonly text: string;
  readonly variables: readonly string[];
}

/**
 * The backend's SMS notice templates (#39) as the local inbox registers them: under the ids the
 * backend uses outside production without SMS_NOTICE_TEMPLATE_IDS (`local-<name>`), read from the
 * built API (`backendDist`), so the inbox accepts the notices the API sends.
 */
export async function localNoticeTemplates(backendDist: string): Promise<SmsTemplate[]> {
  const built = pathToFileURL(path.join(backendDist, 'notifications/domain/sms-templates.js'));
  const { SMS_NOTICE_TEMPLATES } = (await import(built.href)) as {
    SMS_NOTICE_TEMPLATES: Readonly<Record<string, NoticeTemplate | undefined>>;
  };
  return Object.values(SMS_NOTICE_TEMPLATES).flatMap((template) =>
    template
      ? [{ id: `local-${template.name}`, text: template.text, variables: template.variables }]
      : [],
  );
}
