// A four-pointed star: the school's "aha!" mark, scattered over illustrations.
export interface SparkleProps {
  x: number;
  y: number;
  size?: number;
  color?: string;
}

export function Sparkle({ x, y, size = 24, color = '#ffc93c' }: SparkleProps) {
  const s = size / 2;
  const k = s * 0.28;
  return (
    <path
      d={`M${x} ${y - s}Q${x + k} ${y - k} ${x + s} ${y}Q${x + k} ${y + k} ${x} ${y + s}Q${x - k} ${y + k} ${x - s} ${y}Q${x - k} ${y - k} ${x} ${y - s}Z`}
      fill={color}
    />
  );
}
