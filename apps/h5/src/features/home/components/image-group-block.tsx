import type { ImageGroupConfig } from '@kezhan/contract/courses';
import { BlockLink } from './block-link';

const LAYOUTS = ['v-1', 'v-2', 'v-3', 'v-4', 'v-1-2'];

/** Image cube: one to four images in a row, or one large image beside two stacked ones. */
export function ImageGroupBlock({ config }: { config: ImageGroupConfig }) {
  const items = (Array.isArray(config.items) ? config.items : []).filter((i) => i && i.src);
  if (items.length === 0) return null;
  const layout = LAYOUTS.includes(config.v) ? config.v : 'v-1';
  const image = (index: number) => {
    const item = items[index];
    if (!item) return null;
    return (
      <BlockLink key={index} href={item.url} className="kz-image-group-item">
        <img src={item.src} alt="" loading="lazy" />
      </BlockLink>
    );
  };

  if (layout === 'v-1-2') {
    return (
      <section className="kz-block-image-group kz-image-group--v-1-2">
        <div className="kz-image-group-main">{image(0)}</div>
        {items.length > 1 ? (
          <div className="kz-image-group-side">
            {image(1)}
            {image(2)}
          </div>
        ) : null}
      </section>
    );
  }
  const count = layout === 'v-1' ? 1 : Number(layout.slice(2));
  return (
    <section className={`kz-block-image-group kz-image-group--${layout}`}>
      {items.slice(0, count).map((_, i) => image(i))}
    </section>
  );
}
