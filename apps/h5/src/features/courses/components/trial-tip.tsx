/**
 * The line under a trial's picture. When the trial is over it keeps its place (the buy prompt is
 * then in the player's place, so its button is hidden): the page below does not move.
 */
export function TrialTip({ over = false, onBuy }: { over?: boolean; onBuy: () => void }) {
  return (
    <div className={over ? 'kz-trial-tip kz-trial-tip--over' : 'kz-trial-tip'}>
      <span>
        {over ? '试看已结束，购买课程后可观看完整内容' : '您正在观看试看内容，购买课程后可观看完整内容'}
      </span>
      <button type="button" onClick={onBuy} tabIndex={over ? -1 : undefined} aria-hidden={over || undefined}>
        购买课程
      </button>
    </div>
  );
}
