/**
 * A suggestion's context with its anchor highlighted. Rendered as text nodes only: page content is never HTML here.
 */
import { splitAnchorInContext } from '../lib/anchor-context';

export function AnchorContext( {
	context,
	anchorText,
}: {
	context: string;
	anchorText: string;
} ) {
	const { before, anchor, after } = splitAnchorInContext(
		context,
		anchorText
	);
	return (
		<span className="interlinker-context">
			{ before }
			{ anchor && (
				<mark className="interlinker-context__anchor">{ anchor }</mark>
			) }
			{ after }
		</span>
	);
}
