// A small SVG bar chart: enough for sample data, without a charting library's weight.
export function BarChart({ data, height = 220, color = '#1677ff', title }) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const barW = 36;
  const gap = 18;
  const width = data.length * (barW + gap) + gap;
  const top = 20; // room for the tallest bar's value label
  const plotH = height - 40 - top;
  return (
    <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${height}`} width="100%" height={height}>
      <line x1="0" y1={top + plotH + 10} x2={width} y2={top + plotH + 10} stroke="#d9d9d9" />
      {data.map((d, i) => {
        const h = Math.round((d.value / max) * plotH);
        const x = gap + i * (barW + gap);
        return (
          <g key={d.label}>
            <rect x={x} y={top + plotH + 10 - h} width={barW} height={h} rx="3" fill={color} />
            <text x={x + barW / 2} y={top + plotH + 4 - h} textAnchor="middle" fontSize="11" fill="#595959">
              {d.value}
            </text>
            <text x={x + barW / 2} y={height - 8} textAnchor="middle" fontSize="12" fill="#8c8c8c">
              {d.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
