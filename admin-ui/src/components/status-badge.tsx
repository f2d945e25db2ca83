/**
 * A status as a small coloured label whose words say it (colour is never the only signal).
 * @param root0
 * @param root0.status
 * @param root0.label
 */
export function StatusBadge( {
	status,
	label,
}: {
	status: string;
	label: string;
} ) {
	return (
		<span className={ `interlinker-badge interlinker-badge--${ status }` }>
			{ label }
		</span>
	);
}
