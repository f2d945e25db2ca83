/**
 * Hands a file the page holds (a Blob) to the browser as a download, under its name.
 * @param blob
 * @param filename
 */
export function saveFile( blob: Blob, filename: string ): void {
	const url = URL.createObjectURL( blob );
	const link = document.createElement( 'a' );
	link.href = url;
	link.download = filename;
	link.hidden = true;
	document.body.appendChild( link );
	link.click();
	link.remove();
	// Let go of the file once the browser has surely taken it; the address would otherwise hold it until the page closes.
	window.setTimeout( () => URL.revokeObjectURL( url ), 30_000 );
}
