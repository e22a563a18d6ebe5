import { DeliveryReports } from '../../common/application/delivery-reports.js';

/** Who hears what became of mail queued with a `report` reference (MailModule provides one). */
export class MailDeliveryReports extends DeliveryReports {}
