import type { SliderItem } from '@kezhan/contract/courses';
import { HOME_BANNER_SIZES } from '@kezhan/contract/browser';
import { useRef, useState } from 'react';
import { scrollBehavior } from '@/shared/ui/reduced-motion';
import { BlockLink } from './block-link';
import { SizedImage } from '@/shared/ui/sized-image';

/**
 * Banner carousel on native horizontal scrolling with scroll snapping: swipes feel native on
 * every phone and it costs no gesture library on the home route.
 */
export function SliderBlock({ slides }: { slides: SliderItem[] }) {
  const [active, setActive] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const items = slides.filter((s) => s && s.src);
  if (items.length === 0) return null;

  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setActive(Math.round(el.scrollLeft / el.clientWidth));
  };
  const goTo = (index: number) => {
    const el = track.current;
    el?.scrollTo?.({ left: index * el.clientWidth, behavior: scrollBehavior() });
    setActive(index);
  };

  return (
    <section className="kz-block-slider" aria-roledescription="carousel" aria-label="轮播图">
      <div className="kz-slider-track" ref={track} onScroll={onScroll}>
        {items.map((slide, i) => (
          <BlockLink key={i} href={slide.href} className="kz-slider-slide" label={`轮播图 ${i + 1}`}>
            <SizedImage
              src={slide.src}
              alt=""
              width={750}
              height={300}
              sizes={HOME_BANNER_SIZES}
              priority={i === 0}
            />
          </BlockLink>
        ))}
      </div>
      {items.length > 1 ? (
        <div className="kz-slider-dots">
          {items.map((_, i) => (
            <button
              key={i}
              type="button"
              className={i === active ? 'kz-slider-dot kz-slider-dot--active' : 'kz-slider-dot'}
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
