/** Where the web app is served: the public page's canonical and Open Graph address. */
export class MediaKitSettings {
  constructor(readonly publicUrl: string) {}
}
