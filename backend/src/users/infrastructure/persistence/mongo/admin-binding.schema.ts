import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** An admin address bound to the first Google identity that signed in with it. */
@Schema({ collection: 'admin_bindings', versionKey: false, autoIndex: false, autoCreate: false })
export class AdminBindingRecord {
  /** The admin address: unique by nature, so the first binding wins. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  googleId!: string;

  @Prop({ type: String, required: false })
  hostedDomain?: string;

  @Prop({ type: Date, required: true })
  boundAt!: Date;
}

export const AdminBindingSchema = SchemaFactory.createForClass(AdminBindingRecord);
