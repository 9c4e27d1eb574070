/** What section 5 delivers (bench/delivery/): the position report every frame carries. */
export const CONTENT = "DNID 10001 MEM 7 POS 43.1000N 005.2000W SPD 7.2 CRS 130 2026-11-23 10:15";
